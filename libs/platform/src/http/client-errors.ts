import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ApiError, errorEnvelope } from '../errors';

/**
 * Requests Node's HTTP parser refuses before any framework code runs (a URL or headers over
 * the 16 KiB limit, a stalled request, malformed HTTP) still get the error envelope, written
 * straight to the socket, which is then closed.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const apiError =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? ApiError.of('REQUEST_HEADERS_TOO_LARGE')
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? ApiError.of('REQUEST_TIMEOUT')
        : ApiError.of('MALFORMED_HTTP');
  const body = JSON.stringify(errorEnvelope(apiError));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${apiError.httpStatus} ${STATUS_CODES[apiError.httpStatus]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
