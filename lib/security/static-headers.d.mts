// Types of static-headers.mjs (plain JavaScript, read by next.config.mjs).
export declare const PERMISSIONS_POLICY: string;
export declare const HSTS: string;
export declare const API_CSP: string;
export declare function staticSecurityHeaders(options: { production: boolean }): { key: string; value: string }[];
