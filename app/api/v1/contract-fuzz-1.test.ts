import { describeContractFuzz } from './contract-fuzz-cases';

// Issue 22: every operation of the API's own document fuzzed from its own schemas (contract-fuzz-cases.ts says how);
// this file takes every second operation from the first, the other file the rest.
describeContractFuzz(1);
