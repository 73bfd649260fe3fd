import 'server-only';
import { parse, PGlite, protocol, type PGliteOptions, type QueryOptions, type Results } from '@electric-sql/pglite';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];

type Statement = {
  name: string;
  /** The parameters' type ids, from the statement's description: how each value is written. */
  paramTypes: number[];
  /** Its RowDescription (none for a statement that answers no rows): how each column is read. */
  rowDescription?: BackendMessage;
};

/** Statements kept per database; the app has fewer distinct queries than this. */
const MAX_STATEMENTS = 200;
// The server's answer when a kept statement no longer fits the schema (a
// migration changed a table it reads): it is prepared again.
const STALE_STATEMENT = new Set(['0A000', '26000']);

/**
 * PGlite whose queries outside a transaction are prepared once and then only
 * bound and executed: the way node-postgres runs the app's named statements on
 * PostgreSQL. PGlite's own `query()` parses and plans the SQL again every time,
 * in six calls into WebAssembly (Parse, Describe, Bind, Describe, Execute,
 * Sync); a kept statement is one call (Bind, Execute, Sync) and reuses its
 * plan. Measured on the requests list, 20 summaries: 1.8 ms against 2.6 ms a
 * query (median of 9 rounds of 150, docs/history/PERFORMANCE-FINDINGS.md). PGlite runs on the
 * thread that serves HTTP, so every request that reads the database gains.
 *
 * Results are PGlite's own (`parse.parseResults`, the same type parsers), and
 * errors its `DatabaseError`s. Queries inside a transaction keep PGlite's path:
 * they run on the transaction's object, which this class does not change.
 */
export class PGliteWithStatements extends PGlite {
  #statements = new Map<string, Statement>();
  #closing: Uint8Array[] = [];
  #next = 0;
  /** Set once PGlite has started, which itself runs queries (its array types) before it is ready. */
  #started = false;

  constructor(dataDir: string, options?: PGliteOptions) {
    super(dataDir, options);
    this.waitReady.then(
      () => (this.#started = true),
      () => undefined,
    );
  }

  override async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    // What a kept statement cannot carry: files (COPY) and types given by the caller.
    // And PGlite's own queries while it starts (and errors once closed) are its own.
    if (!this.#started || this.closed || options?.blob || options?.paramTypes) return super.query<T>(text, params, options);
    // After any open transaction, as PGlite's query() waits, then alone on the connection.
    return this._runExclusiveTransaction(() => this._runExclusiveQuery(() => this.#run<T>(text, params, options)));
  }

  async #run<T>(text: string, params: unknown[], options: QueryOptions | undefined, retried = false): Promise<Results<T>> {
    const statement = this.#kept(text) ?? (await this.#prepare(text, options));
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i]!;
      const serialize = options?.serializers?.[type] ?? this.serializers[type];
      return serialize ? serialize(value) : String(value);
    });
    const { serialize } = protocol;
    let messages: BackendMessage[];
    try {
      messages = await this.#exchange([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()], options);
    } catch (error) {
      if (retried || !STALE_STATEMENT.has((error as { code?: string }).code ?? '')) throw error;
      this.#forget(text);
      return this.#run<T>(text, params, options, true);
    }
    const described = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
    return parse.parseResults(described, this.parsers, options)[0] as Results<T>;
  }

  /** The statement kept for this SQL, now the most recently used. */
  #kept(text: string): Statement | undefined {
    const statement = this.#statements.get(text);
    if (statement) {
      this.#statements.delete(text);
      this.#statements.set(text, statement);
    }
    return statement;
  }

  /** Parses the SQL under a name of its own and keeps its description. */
  async #prepare(text: string, options: QueryOptions | undefined): Promise<Statement> {
    const { serialize } = protocol;
    const name = `pws_${++this.#next}`;
    const messages = await this.#exchange([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()], options);
    const statement: Statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((message) => message.name === 'rowDescription'),
    };
    // The least recently used goes first (a Map iterates in insertion order).
    if (this.#statements.size >= MAX_STATEMENTS) this.#forget(this.#statements.keys().next().value!);
    this.#statements.set(text, statement);
    return statement;
  }

  /** Drops a kept statement; the server closes it with the next exchange. */
  #forget(text: string) {
    const statement = this.#statements.get(text);
    if (!statement) return;
    this.#statements.delete(text);
    this.#closing.push(protocol.serialize.close({ type: 'S', name: statement.name }));
  }

  /** One call into PGlite: the closes owed, then `parts`, as one buffer. */
  async #exchange(parts: Uint8Array[], options: QueryOptions | undefined): Promise<BackendMessage[]> {
    const buffer = Buffer.concat([...this.#closing.splice(0), ...parts]);
    const { messages } = await this.execProtocol(buffer, { onNotice: options?.onNotice });
    return messages;
  }
}
