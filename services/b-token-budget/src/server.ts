import { readFileSync } from 'node:fs';
import { runService } from '@dus/core';
import { createApp, SERVICE } from './app.js';
import { CatalogFileError, parseCatalogFile } from './domain/catalog-file.js';
import { useCatalog } from './domain/models.js';

// CATALOG_FILE replaces the built-in catalog; an unreadable or invalid file stops start-up with one line.
const catalogFile = process.env.CATALOG_FILE;
if (catalogFile) {
  try {
    let text: string;
    try {
      text = readFileSync(catalogFile, 'utf8');
    } catch (error) {
      throw new CatalogFileError(`cannot read ${catalogFile} (${(error as NodeJS.ErrnoException).code})`);
    }
    useCatalog(parseCatalogFile(text));
  } catch (error) {
    if (!(error instanceof CatalogFileError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

await runService({ ...SERVICE, createApp });
