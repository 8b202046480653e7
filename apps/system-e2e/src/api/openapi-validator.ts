import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>>;
  components: { schemas: Record<string, object> };
}

/**
 * Checks real responses against the gateway's own OpenAPI document: the operation must exist,
 * the status must be documented for it, and the body must match that response's schema.
 */
export class OpenApiValidator {
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly templates: { method: string; template: string; pattern: RegExp }[];

  constructor(private readonly document: OpenApiDocument) {
    addFormats(this.ajv);
    this.ajv.addSchema({ components: document.components }, 'openapi.json');
    this.templates = Object.entries(document.paths).flatMap(([template, operations]) =>
      Object.keys(operations).map((method) => ({
        method: method.toUpperCase(),
        template,
        pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      })),
    );
  }

  /** Problems with this response; empty when it matches the document. */
  check(method: string, path: string, status: number, body: unknown): string[] {
    const bare = path.split('?')[0];
    const operation = this.templates.find((t) => t.method === method && t.pattern.test(bare));
    if (!operation) return [`${method} ${bare} is not in the document`];
    const responses = this.document.paths[operation.template][method.toLowerCase()].responses;
    const response = responses[String(status)] ?? responses.default;
    if (!response) return [`${method} ${operation.template} does not document status ${status}`];
    const schema = response.content?.['application/json']?.schema;
    if (!schema) return [`${method} ${operation.template} ${status} has no JSON schema`];
    const key = `${method} ${operation.template} ${status}`;
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"openapi.json#/components/')));
      this.compiled.set(key, validate);
    }
    return validate(body) ? [] : (validate.errors ?? []).map((e) => `${key}: ${e.instancePath} ${e.message}`);
  }
}
