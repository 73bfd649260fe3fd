import { z } from '@/lib/validation/z';
import { nullableTimestamp, uuid } from './common';
import { flagNote, paymentPlanView, requestDocument, requestStatus, requestSummary } from './requests';


// Families (issue 42, docs/FAMILIES.md): a companion invited by the applicant to
// their own part of a request. The applicant sees each invitation on the request;
// the companion sees the request's state and their own part, never another
// pilgrim's answers or documents.

/** A request the signed-in user is on as an invited companion (GET /me/shared-requests). */
export const sharedRequestSummary = requestSummary
  .pick({ id: true, money: true, reference: true, type: true, status: true, pilgrims: true, submitted_at: true, pay_by: true, updated_at: true, version: true })
  .extend({
    pilgrim: z.string().describe('Which pilgrim of the request the user is: companion-0, …'),
    organiser_name: z.string().describe('The name of the account that applied and invited them'),
    confirmed_at: nullableTimestamp,
  });
export type SharedRequestSummary = z.infer<typeof sharedRequestSummary>;

export const sharedRequests = z.object({ items: z.array(sharedRequestSummary) });
export type SharedRequests = z.infer<typeof sharedRequests>;

/** One such request: the companion's own answers and documents, and what the office asked of them. */
export const sharedRequest = sharedRequestSummary.extend({
  answers: z.record(z.string(), z.unknown()).describe('The companion’s own answers (their part of data.companions)'),
  travel_month: z.string().nullable().describe('The request’s travel month (MM-YYYY), which the passport’s validity and a child’s contacts depend on'),
  editable: z.boolean().describe('True while the request is a draft or changes are asked: the companion may correct their answers and upload their scans'),
  documents: z.array(requestDocument),
  flagged: z.array(z.string()).nullable().describe('While changes are requested: the companion’s fields and documents the office asked to change'),
  flag_notes: z.record(z.string(), flagNote).nullable(),
  changes_due_at: nullableTimestamp,
  fee_minor: z.int().nullable(),
  currency: z.string().nullable(),
  payment_plan: paymentPlanView.nullable().describe('The fee as its parts (issue 42): anyone on the request may pay a part that is due (POST /requests/{id}/payments)'),
});
export type SharedRequest = z.infer<typeof sharedRequest>;

/** POST /invitations/accept: the request the user is now on. */
export const invitationAccepted = z.object({ request_id: uuid, status: requestStatus });
export type InvitationAccepted = z.infer<typeof invitationAccepted>;
