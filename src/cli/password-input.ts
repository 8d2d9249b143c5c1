/**
 * Reads a password for `ginko admin add|passwd`: from standard input with --password-stdin
 * (its first line), else from the terminal without echo, asked twice. Never printed or logged.
 */
import { stdin, stderr } from 'node:process';

export async function readPasswordFromStdin(): Promise<string> {
  let text = '';
  stdin.setEncoding('utf8');
  for await (const chunk of stdin) {
    text += chunk as string;
    if (text.length > 10_000) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

function askHidden(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    stderr.write(prompt);
    let typed = '';
    stdin.setRawMode(true);
    stdin.setEncoding('utf8');
    stdin.resume();
    const onData = (chunk: string) => {
      for (const c of chunk) {
        if (c === '\r' || c === '\n') {
          finish();
          resolve(typed);
          return;
        }
        if (c === '\u0003') {
          finish();
          reject(new Error('cancelled'));
          return;
        }
        if (c === '\u007f' || c === '\b') typed = typed.slice(0, -1);
        else typed += c;
      }
    };
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stderr.write('\n');
    };
    stdin.on('data', onData);
  });
}

/** The new password, from wherever the flags say; throws when there is no terminal to ask on. */
export async function readNewPassword(fromStdin: boolean): Promise<string> {
  if (fromStdin) return readPasswordFromStdin();
  if (!stdin.isTTY) throw new Error('no terminal to read the password from: pipe it in with --password-stdin');
  const first = await askHidden('Password: ');
  const second = await askHidden('Repeat the password: ');
  if (first !== second) throw new Error('the two passwords differ');
  return first;
}
