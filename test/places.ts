import { expect } from 'vitest';
import { call } from '@/test/api';
import { consoleCall } from '@/test/staff';
import * as typesRoute from '@/app/api/v1/request-types/route';
import * as catalogueRoute from '@/app/api/v1/office/catalogue/route';
import * as changeRoute from '@/app/api/v1/office/catalogue/[id]/route';

/**
 * A package's places as the tests of places, the reserve list and hoarding read and set them: held (the console's
 * count), left (the pilgrims' count), and exactly some left whatever earlier tests hold. `cookie`: an admin's, read
 * when called (the admin signs in in the file's beforeAll).
 */
export function packagePlaces(cookie: () => string) {
  async function held(pkg = 'standard', type = 'hajj'): Promise<number> {
    const types = (await consoleCall(catalogueRoute.GET, { staffCookie: cookie() })).json!.data as { id: string; places_held: Record<string, number> }[];
    return types.find((t) => t.id === type)!.places_held[pkg]!;
  }
  async function placesLeft(pkg = 'standard', type = 'hajj'): Promise<number | null> {
    const types = (await call(typesRoute.GET)).json!.data as { id: string; places_left: Record<string, number | null> }[];
    return types.find((t) => t.id === type)!.places_left[pkg]!;
  }
  /** Exactly `left` places left now in `pkg` of the Hajj service, whatever earlier tests hold. */
  async function leaveOnly(left: number, pkg = 'standard') {
    const answer = await consoleCall(changeRoute.PATCH, { method: 'PATCH', staffCookie: cookie(), params: { id: 'hajj' }, body: { places: { [pkg]: (await held(pkg)) + left } } });
    expect(answer.status).toBe(200);
    expect(await placesLeft(pkg)).toBe(left);
  }
  return { held, placesLeft, leaveOnly };
}
