/**
 * A pilgrim's gender as a message's `select` reads it (issue 63, item 8): a message that names a person, or speaks to
 * one, agrees with them («بياناتها», «ادعُها», «أكّدي»). Anything but a given answer is `other`, which the
 * messages write as before (the masculine in Arabic, "they" in English).
 */
export function genderOf(person: Record<string, unknown> | null | undefined): 'female' | 'male' | 'other' {
  const gender = person?.gender;
  return gender === 'female' || gender === 'male' ? gender : 'other';
}
