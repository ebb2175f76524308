/** Test set-up other modules' tests may use: a task row as the task centre would write it. */
export { insertTask } from './tasks.repo.js';
