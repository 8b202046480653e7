import { createSocket, RemoteInfo, Socket } from 'node:dgram';
import { isIPv4, isIPv6 } from 'node:net';

const TYPE_A = 1;
const TYPE_AAAA = 28;

/**
 * A real DNS server on a free UDP port of 127.0.0.1 that answers A and AAAA queries from a table,
 * so tests can make names resolve to any address (hostile ones included) and count the lookups.
 * A name can also answer differently on successive queries (DNS rebinding).
 */
export class TestDnsServer {
  private readonly answers = new Map<string, string[][]>();
  private readonly queries = new Map<string, number>();

  private constructor(private readonly socket: Socket, readonly port: number) {}

  static async start(): Promise<TestDnsServer> {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(0, '127.0.0.1', () => resolve());
    });
    const server = new TestDnsServer(socket, socket.address().port);
    socket.on('message', (message, remote) => server.answer(message, remote));
    return server;
  }

  /** `ip:port`, as resolvers take it. */
  get address(): string {
    return `127.0.0.1:${this.port}`;
  }

  /** `name` resolves to `addresses` (IPv4 and IPv6 mixed, in this order). */
  set(name: string, ...addresses: string[]): this {
    this.answers.set(name.toLowerCase(), [addresses]);
    return this;
  }

  /** `name` answers with each list in turn, one per query, then keeps the last. */
  setSequence(name: string, ...answers: string[][]): this {
    this.answers.set(name.toLowerCase(), answers);
    return this;
  }

  /** How many A/AAAA queries `name` received. */
  queriesFor(name: string): number {
    return this.queries.get(name.toLowerCase()) ?? 0;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.socket.close(() => resolve()));
  }

  private answer(message: Buffer, remote: RemoteInfo): void {
    const question = parseQuestion(message);
    if (!question) return;
    const name = question.name.toLowerCase();
    const sequence = this.answers.get(name);
    let addresses: string[] = [];
    if (sequence) {
      const seen = this.queries.get(name) ?? 0;
      // A and AAAA arrive together for one lookup; both belong to the same turn.
      const turn = Math.floor(seen / 2);
      addresses = sequence[Math.min(turn, sequence.length - 1)];
    }
    this.queries.set(name, (this.queries.get(name) ?? 0) + 1);
    const matching = addresses.filter((a) => (question.type === TYPE_A ? isIPv4(a) : question.type === TYPE_AAAA ? isIPv6(a) : false));
    this.socket.send(buildResponse(message, question, matching, sequence === undefined), remote.port, remote.address);
  }
}

interface Question {
  name: string;
  type: number;
  /** Where the question section ends in the query. */
  end: number;
}

function parseQuestion(message: Buffer): Question | undefined {
  if (message.length < 12 || message.readUInt16BE(4) !== 1) return undefined;
  const labels: string[] = [];
  let offset = 12;
  while (offset < message.length) {
    const length = message[offset];
    offset += 1;
    if (length === 0) break;
    labels.push(message.subarray(offset, offset + length).toString('ascii'));
    offset += length;
  }
  if (offset + 4 > message.length) return undefined;
  return { name: labels.join('.'), type: message.readUInt16BE(offset), end: offset + 4 };
}

function buildResponse(query: Buffer, question: Question, addresses: string[], nxdomain: boolean): Buffer {
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2); // id
  const recursionDesired = query[2] & 0x01;
  header[2] = 0x84 | recursionDesired; // response, authoritative
  header[3] = 0x80 | (nxdomain ? 3 : 0); // recursion available; NXDOMAIN for unknown names
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(addresses.length, 6);
  const records = addresses.map((address) => {
    const data = question.type === TYPE_A ? Buffer.from(address.split('.').map(Number)) : ipv6Bytes(address);
    const record = Buffer.alloc(12);
    record.writeUInt16BE(0xc00c, 0); // name: pointer to the question
    record.writeUInt16BE(question.type, 2);
    record.writeUInt16BE(1, 4); // class IN
    record.writeUInt32BE(0, 6); // TTL 0: nothing may cache it
    record.writeUInt16BE(data.length, 10);
    return Buffer.concat([record, data]);
  });
  return Buffer.concat([header, query.subarray(12, question.end), ...records]);
}

function ipv6Bytes(address: string): Buffer {
  let text = address;
  const embedded = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (embedded) {
    const [a, b, c, d] = embedded[1].split('.').map(Number);
    text = text.slice(0, -embedded[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...tailGroups];
  const bytes = Buffer.alloc(16);
  groups.forEach((group, i) => bytes.writeUInt16BE(parseInt(group, 16), i * 2));
  return bytes;
}
