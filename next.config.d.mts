// Types of next.config.mjs (plain JavaScript, see there why), for the test that reads it.
import type { NextConfig } from 'next';

export default function config(phase: string): Promise<NextConfig>;
