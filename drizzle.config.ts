import { defineConfig } from 'drizzle-kit';

// Only `npm run db:generate` uses this: it diffs the schema against the committed migrations.
// The app applies migrations itself at start (server/db/migrate.ts), on PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
});
