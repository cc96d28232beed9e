/** What the rest of the app composes from the comments feature (the task drawer's timeline, via app/routes). */
export { TaskTimeline } from './task-timeline';
