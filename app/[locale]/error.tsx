'use client';

// Failures outside the default layout (auth and form layouts) get the same screen.
export { default } from './(default)/error';
