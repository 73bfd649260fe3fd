// The options of scripts/server.mjs, as `next start` writes them: -p/--port, -H/--hostname, --keepAliveTimeout
// (each as `--port 3000` or `--port=3000`), and --dev; PORT and HOSTNAME from the environment fill in what the
// arguments did not say.

const VALUED = ['-p', '--port', '-H', '--hostname', '--keepAliveTimeout'];
const KNOWN = [...VALUED, '--dev'];

/**
 * @param {string[]} args
 * @param {Record<string, string | undefined>} source the environment
 * @returns {{ port: number, hostname: string | undefined, keepAliveTimeout: number | undefined, dev: boolean }}
 */
export function serverOptions(args, source) {
  const unknown = args.filter((arg, i) => arg.startsWith('-') && !KNOWN.some((name) => arg === name || arg.startsWith(`${name}=`)) && !(VALUED.includes(args[i - 1] ?? '')));
  if (unknown.length) throw new Error(`Unknown option: ${unknown.join(' ')} (the server takes -p/--port, -H/--hostname, --keepAliveTimeout and --dev)`);
  /** @param {...string} names */
  const value = (...names) => {
    for (let i = 0; i < args.length; i += 1) {
      const arg = args[i] ?? '';
      for (const name of names) {
        if (arg === name) return args[i + 1];
        if (arg.startsWith(`${name}=`)) return arg.slice(name.length + 1);
      }
    }
    return undefined;
  };
  const port = Number(value('-p', '--port') ?? source.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Not a port: ${value('-p', '--port') ?? source.PORT}`);
  const keepAlive = value('--keepAliveTimeout');
  return {
    port,
    hostname: value('-H', '--hostname') ?? (source.HOSTNAME || undefined),
    keepAliveTimeout: keepAlive === undefined ? undefined : Number(keepAlive),
    dev: args.includes('--dev'),
  };
}
