#!/usr/bin/env node
// Stand-in for Prisma's native schema engine binary, which cannot be downloaded here.
// `prisma generate` only checks that the file exists; migrations run through the WebAssembly
// engine instead (npm run db:migrate / db:migration / db:reset, see scripts/db.ts).
const args = process.argv.slice(2);
if (args.includes('--version') || args.includes('-V')) {
  console.log('schema-engine-cli 0.0.0 (LinkUp stub, migrations use @prisma/schema-engine-wasm)');
  process.exit(0);
}
console.error(
  'The native Prisma schema engine is not installed. Use `npm run db:migrate`, `npm run db:migration <name>` ' +
    'or `npm run db:reset` (scripts/db.ts), which run the WebAssembly schema engine.',
);
process.exit(1);
