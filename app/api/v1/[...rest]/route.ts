import { route } from '@/lib/server/http/handler';
import { ApiError } from '@/lib/server/http/errors';

// Any other /api/v1 address: the JSON 404 of the API, not the HTML page.
const notFound = route.public(async () => {
  throw new ApiError('not_found');
});

export { notFound as GET, notFound as POST, notFound as PATCH, notFound as PUT, notFound as DELETE };
