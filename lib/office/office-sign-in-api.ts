'use client';

import type { StaffPasswordStep, StaffSignedIn } from '@/lib/contract/office';
import { officeRequest } from './office-client';
import type { StaffCodeInput, StaffLoginInput, StaffSetPasswordInput } from './schemas';

// The console's sign-in calls (app/api/v1/office/auth/*).

export const staffPasswordStep = (input: StaffLoginInput) => officeRequest<{ data: StaffPasswordStep }>('/auth/login', { method: 'POST', body: input }).then((r) => r.data);
export const staffCodeStep = (input: StaffCodeInput) => officeRequest<StaffSignedIn>('/auth/code', { method: 'POST', body: input });
export const staffSetPassword = (input: StaffSetPasswordInput) => officeRequest<null>('/auth/set-password', { method: 'POST', body: input });
export const staffSignOut = () => officeRequest<null>('/auth/logout', { method: 'POST' });
