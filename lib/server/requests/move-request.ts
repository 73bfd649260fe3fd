import 'server-only';
import type { RequestStatus } from '@/lib/requests/statuses';
import { changeStatus, notifyMove, placesOfMove, type Move } from './history';
import { keepPlaces, returnPlaces } from './places';
import { offerPlaces } from './reserve-offers';

/**
 * Moves a request to another status, if `actor` may make that move from the
 * current one (history.ts), with what it does to the request's places, and
 * tells the pilgrim. Runs inside the caller's transaction. Every path that
 * moves a request (the pilgrim, the console, the ops key, payment, the
 * deadlines job) goes through here; only a reserve offer, whose places are
 * taken before it moves, records its move alone (recordMove, history.ts).
 */
export async function moveRequest(...move: Move) {
  const [tx, request, to, actor, note = null] = move;
  const from = request.status as RequestStatus;
  const moved = await changeStatus(...move);
  // The places follow the move, in its transaction: every path that closes a request gives them back.
  // Places given back are offered down the package's reserve list in the same transaction (reserve-offers.ts).
  const places = placesOfMove(from, to);
  if (places === 'give_back') {
    const returned = await returnPlaces(tx, request.id);
    if (returned) await offerPlaces(tx, returned.typeId, returned.package);
  } else if (places === 'keep') await keepPlaces(tx, request.id);
  await notifyMove(tx, moved, from, to, actor, note, move[7]);
  return moved;
}
