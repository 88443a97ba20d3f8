/** Dispositions' public face: the call outcome codes and their stored order. */
export { DISPOSITIONS, DISPOSITION_INDEX, SALE_CODES } from './dispositions.ts';
