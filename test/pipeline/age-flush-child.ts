// Child process for the batch-writer test: awaits one buffered item's durability with nothing else alive.
import { Stats } from '../../src/engine/stats';
import { BatchWriter } from '../../src/pipeline/batch-writer';
import { SqliteItemStore } from '../../storage/sqlite/sqlite-item-store';

const store = SqliteItemStore.open(process.argv[2]);
const writer = new BatchWriter(store, { batchSize: 100, batchMaxAgeMs: 50 }, new Stats());
writer
  .write({ sku: 'only', price: '1.00' }, { spider: 's', runId: 'r', requestId: 'q', url: 'http://127.0.0.1/', rawHash: 'h', scrapedAtMs: 0 })
  .then(async () => {
    process.stdout.write(`durable ${await store.countItems('r')}\n`);
  });
