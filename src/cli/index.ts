import { main } from './main';

const io = {
  out: (text: string) => process.stdout.write(`${text}\n`),
  warn: (text: string) => process.stderr.write(`skim: ${text}\n`),
};

void main(process.argv.slice(2), io).then((code) => {
  process.exitCode = code;
});
