/** Storefront prices: minor units divided by 100, in en-US currency style ($49.99, £18.50, €12.00). */
export function formatStorefrontPrice(unitAmount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    unitAmount / 100,
  );
}
