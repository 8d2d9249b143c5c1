/**
 * 預金種目: the one-digit account types of Zengin transfer data and their names. Every module
 * that writes or reads an account type takes its codes and names from here.
 */

export const DEPOSIT_TYPES = Object.freeze({
  '1': '普通',
  '2': '当座',
  '4': '貯蓄',
  '9': 'その他',
} as const);

export type DepositType = keyof typeof DEPOSIT_TYPES;
export type DepositTypeName = (typeof DEPOSIT_TYPES)[DepositType];

export function depositTypeName(type: DepositType): DepositTypeName {
  return DEPOSIT_TYPES[type];
}
