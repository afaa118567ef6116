import { useState } from 'react';
import type { ClinicMedia } from '../../../core/cabinet/clinic-page-contracts';
import { ClinicEquipmentEditor } from './clinic-equipment-editor';
import { ClinicPhotosEditor, ClinicVideosEditor } from './clinic-gallery-editor';
import { ClinicLicencesEditor } from './clinic-licences-editor';

/**
 * The clinic page's media in the cabinet: photos, videos, licences, equipment. Every call answers
 * all four lists, so each section shows what the server kept.
 */
export function ClinicMediaEditor({ media: initial }: { media: ClinicMedia }) {
  const [media, setMedia] = useState(initial);
  return (
    <>
      <ClinicPhotosEditor media={media} onChange={setMedia} />
      <ClinicVideosEditor media={media} onChange={setMedia} />
      <ClinicLicencesEditor media={media} onChange={setMedia} />
      <ClinicEquipmentEditor media={media} onChange={setMedia} />
    </>
  );
}
