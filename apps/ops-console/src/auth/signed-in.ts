import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ConsoleSession } from '@momo/data';
import { Viewer } from '../pages/layout';

/** What the access-control hook attaches to every signed-in request. */
export interface SignedInRequest {
  session: ConsoleSession;
  token: string;
  ip: string | null;
  userAgent: string | null;
}

export function signedInOf(request: FastifyRequest): SignedInRequest | undefined {
  return (request.raw as { console?: SignedInRequest }).console;
}

export function viewerOf(signedIn: SignedInRequest): Viewer {
  const { operator, csrfToken } = signedIn.session;
  return { name: operator.name, email: operator.email, role: operator.role, csrfToken };
}

/** The signed-in operator of this request (the hook has already refused anyone else). */
export const SignedIn = createParamDecorator((_data: unknown, context: ExecutionContext): SignedInRequest => {
  const signedIn = signedInOf(context.switchToHttp().getRequest<FastifyRequest>());
  if (!signedIn) throw new Error('route reached without a session: the access-control hook is missing');
  return signedIn;
});
