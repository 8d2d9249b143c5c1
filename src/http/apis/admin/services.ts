/** What the console plugin is given: the app's services and the console's own (src/console/). */
import type { ConsoleServices } from '../../../console/console.js';
import type { AppServices } from '../../services.js';

export interface AdminServices {
  readonly app: AppServices;
  readonly console: ConsoleServices;
}
