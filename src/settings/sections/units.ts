// Units shared by every settings section: durations are whole milliseconds (`...Ms`).
import { z } from 'zod';

export const ms = () => z.number().int().min(0);
