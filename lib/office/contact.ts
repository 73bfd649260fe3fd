/**
 * How pilgrims reach the office: the contact page (content/{en,ar}/pages/contact.md)
 * and "Whom to call" after approval say the same (contact.test.ts holds them together).
 */
export const OFFICE_CONTACT = {
  /** As dialled, for `tel:` links. */
  tel: '+966120000000',
  /** As written, in Western digits in both languages (a number to dial, kept left to right). */
  phone: '+966 12 000 0000',
  email: 'care@labbaik.example',
} as const;
