// The packages a service can offer. Their names and descriptions are in the
// messages (Wizard.packages.*, Requests.packages.*) in both languages, so the
// office chooses among these; a new package is a change to the messages too.
export const PACKAGES = ['economy', 'standard', 'premium'] as const;
export type Package = (typeof PACKAGES)[number];
