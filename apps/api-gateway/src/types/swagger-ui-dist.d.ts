declare module 'swagger-ui-dist' {
  /** The folder holding the Swagger UI bundle, stylesheet and page. */
  export function getAbsoluteFSPath(): string;
}
