/** Where the legal documents live: the consent texts, the footer and the server use these. */
export const LEGAL_URLS = {
  privacy: '/privacy/',
  terms: '/terms/',
  publishing: '/publishing-policy/',
  'club-rules': '/docs/club-rules.pdf',
  'club-offer': '/docs/club-coupon-offer.pdf',
} as const;
