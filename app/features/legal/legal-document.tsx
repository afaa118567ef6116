import { DEMO_OPERATOR_NOTE, type LegalDocument } from '../../../core/legal/document';

/**
 * A legal document as a page: its title, edition, a table of contents and anchored sections; on a
 * demo start (the fictitious operator) a note above says so.
 */
export function LegalDocumentView({ legal, demo = false }: { legal: LegalDocument; demo?: boolean }) {
  return (
    <article>
      <h1 className="text-2xl font-bold sm:text-3xl">{legal.title}</h1>
      <p className="mt-1 text-sm text-muted">Редакция от {legal.edition}</p>
      {demo && (
        <p role="note" className="mt-3 rounded-lg border border-warning bg-accent-soft p-3 text-sm">
          <strong>Демонстрационный оператор.</strong> {DEMO_OPERATOR_NOTE}
        </p>
      )}
      <nav aria-label="Содержание" className="card mt-4 p-4 text-sm">
        <ol className="flex flex-col gap-1">
          {legal.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="text-brand hover:underline">
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="card mt-4 flex flex-col gap-5 p-4 leading-relaxed sm:p-6">
        {legal.sections.map((section) => (
          <section key={section.id} aria-labelledby={section.id}>
            <h2 id={section.id} className="scroll-mt-4 text-lg font-semibold">
              {section.title}
            </h2>
            {section.blocks.map((block, i) =>
              block.kind === 'p' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of a section never move
                <p key={i} className="mt-2">
                  {block.text}
                </p>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of a section never move
                <ul key={i} className="mt-2 list-disc pl-5">
                  {block.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ),
            )}
          </section>
        ))}
      </div>
    </article>
  );
}
