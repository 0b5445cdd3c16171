import { v7 } from 'uuid';

/**
 * A row id that sorts after every id this process made before (a UUID version 7, whose counter keeps the ids of one
 * millisecond in the order they were made): history rows sorted by date and id keep the order of steps recorded in
 * the same millisecond.
 */
export const orderedId = (): string => v7();
