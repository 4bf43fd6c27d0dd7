import { main } from './main';

const io = {
  out: (text: string) => process.stdout.write(`${text}\n`),
  warn: (text: string) => process.stderr.write(`skim: ${text}\n`),
  stdin: async () => {
    let text = '';
    process.stdin.setEncoding('utf8');
    for await (const chunk of process.stdin) text += chunk;
    return text;
  },
};

// Exit once the output is flushed: a hook must not linger on a model call it no longer waits for.
void main(process.argv.slice(2), io).then((code) => process.stdout.write('', () => process.exit(code)));
