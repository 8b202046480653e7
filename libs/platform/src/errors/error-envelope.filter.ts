import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorEnvelope } from '@momo/contracts';
import { ApiError } from './api-error';
import { isDependencyOutage } from './dependency-outage';

/**
 * The one place errors become HTTP responses. Known errors keep their code and message; Nest
 * and Fastify errors are translated to our codes; Postgres or Redis being unreachable is a 503
 * with Retry-After; anything else is logged with an error id and answered 500 without detail.
 */
@Catch()
export class ErrorEnvelopeFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  /** `allowedMethods`: the methods a path accepts (RouteTable), to answer a wrong method 405 instead of 404. */
  constructor(private readonly allowedMethods?: (url: string) => string[]) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    let error = this.toApiError(exception);
    if (error.code === 'ROUTE_NOT_FOUND' && this.allowedMethods) {
      const request = host.switchToHttp().getRequest<FastifyRequest>();
      const allowed = this.allowedMethods(request.url);
      if (allowed.length > 0 && !allowed.includes(request.method)) {
        reply.header('Allow', allowed.join(', '));
        error = ApiError.of('METHOD_NOT_ALLOWED', { allowed_methods: allowed });
      }
    }
    if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
    void reply.status(error.httpStatus).send(errorEnvelope(error));
  }

  private toApiError(exception: unknown): ApiError {
    if (exception instanceof ApiError) return exception;
    const translated = translateFrameworkError(exception);
    if (translated) return translated;
    if (isDependencyOutage(exception)) {
      this.logger.warn({ err: exception }, 'Postgres or Redis unavailable; answered 503');
      return new ApiError('SERVICE_UNAVAILABLE', undefined, undefined, 503, 2);
    }
    const errorId = randomUUID();
    this.logger.error({ errorId, err: exception }, 'unhandled error');
    return new ApiError('INTERNAL_ERROR', `Something went wrong on our side (error id ${errorId}).`);
  }
}

export function errorEnvelope(error: ApiError): ErrorEnvelope {
  return {
    status: 'error',
    message: error.message,
    timestamp: new Date().toISOString(),
    code: error.code,
    ...(error.details ? { details: error.details } : {}),
  };
}

const FASTIFY_JSON_BODY_MESSAGES = ['Body is not valid JSON', "Body cannot be empty when content-type is set to 'application/json'"];

/** Fastify (body parsing, limits) and Nest (routing) errors, mapped to our codes. */
export function translateFrameworkError(exception: unknown): ApiError | undefined {
  const fastifyCode = (exception as { code?: unknown })?.code;
  switch (fastifyCode) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return ApiError.of('INVALID_JSON');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return ApiError.of('PAYLOAD_TOO_LARGE');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return ApiError.of('UNSUPPORTED_MEDIA_TYPE');
    case 'FST_ERR_BAD_URL':
      return ApiError.of('INVALID_URL');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return ApiError.of('NOT_FOUND');
  }
  if (exception instanceof SyntaxError && (exception as { statusCode?: number }).statusCode === 400) {
    return ApiError.of('INVALID_JSON');
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    // Nest turns Fastify's body-parser errors into HttpException(message, status), dropping the code.
    if (status === 400 && FASTIFY_JSON_BODY_MESSAGES.some((m) => exception.message.startsWith(m))) return ApiError.of('INVALID_JSON');
    if (status === 404) return ApiError.of('ROUTE_NOT_FOUND');
    if (status === 405) return ApiError.of('METHOD_NOT_ALLOWED');
    if (status === 413) return ApiError.of('PAYLOAD_TOO_LARGE');
    if (status === 415) return ApiError.of('UNSUPPORTED_MEDIA_TYPE');
    if (status === 400) return ApiError.of('VALIDATION_FAILED');
  }
  const statusCode = (exception as { statusCode?: unknown })?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return new ApiError('VALIDATION_FAILED', 'The request could not be processed.', undefined, 400);
  }
  return undefined;
}
