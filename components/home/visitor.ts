/** Who looks at the home page: signed out, or signed in with their latest draft (null: none). */
export type HomeVisitor = { signedIn: false } | { signedIn: true; draftId: string | null };
