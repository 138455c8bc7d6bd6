/** `npm start`: one Parlor process. Configuration comes from the environment (config.ts). */
import { run } from './run.ts';

await run();
