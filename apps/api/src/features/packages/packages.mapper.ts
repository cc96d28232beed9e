import type { Package, Purchase } from '@taskhive/contract';
import type { PackageRow, PurchaseRow } from './packages.repo.ts';

export function toPackage(row: PackageRow): Package {
  return {
    packageId: row.id,
    name: row.name,
    description: row.description,
    monthlyPrice: Number(row.price),
    yearlyPrice: Number(row.yearlyPrice),
    trialDays: row.trialDays,
    currency: row.currency,
    packageType: row.packageType,
    status: row.status as Package['status'],
    purchaseCount: row.purchaseCount,
    moduleCount: row.moduleCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toPurchase(row: PurchaseRow): Purchase {
  return {
    purchaseId: row.id,
    companyId: row.companyId,
    companyName: row.companyName,
    packageId: row.packageId,
    packageName: row.packageName,
    amount: Number(row.amount),
    billingCycle: row.billingCycle as Purchase['billingCycle'],
    paymentStatus: 'paid',
    status: row.status as Purchase['status'],
    purchasedAt: row.purchasedAt.toISOString(),
  };
}
