// Fault injector (node --import): the wall clock steps back, as an NTP step or a VM restore does, once the
// process has received CLOCK_STEP_AFTER response heads; by CLOCK_STEP_BACK_MS. Only Date.now moves:
// performance.now() is the monotonic clock the kernel keeps whatever the wall clock does.
import diagnostics_channel from 'node:diagnostics_channel';

const after = Number(process.env.CLOCK_STEP_AFTER ?? 1);
const backMs = Number(process.env.CLOCK_STEP_BACK_MS ?? 3_600_000);
const wallNow = Date.now.bind(Date);
let offsetMs = 0;
let heads = 0;
diagnostics_channel.subscribe('undici:request:headers', () => {
  if (++heads === after) offsetMs = -backMs;
});
Date.now = () => wallNow() + offsetMs;
