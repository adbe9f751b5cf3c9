/**
 * Payments through the card payment provider (spec section 1: "configurable per ecosystem"). Flat
 * fees are whole cents so no amount is ever a float; percentages are 0 to 100. Everything is off
 * by default: an ecosystem takes money only after an admin has set it up on purpose.
 */
import { z } from 'zod';
import { decimal, flag, oneOf, whole } from '../fields';

/** Who pays tutors: the platform (from collected charges) or the ecosystem itself. */
export const PAYOUT_RESPONSIBILITIES = ['PLATFORM', 'ECOSYSTEM'] as const;

const MAX_FLAT_FEE_CENTS = 100_000;

export const tutorPayoutsConfigSchema = z.object({
  enabled: flag('Tutor payouts').default(false),
  payoutResponsibility: oneOf('Payout responsibility', PAYOUT_RESPONSIBILITIES).default('ECOSYSTEM'),
  /** Percent of the session charge paid to the tutor. */
  tutorPayoutRate: decimal('Tutor payout rate', 0, 100).default(100),
  setWageEnabled: flag('Tutors setting their wage').default(false),
}).prefault({});

export const paymentsConfigSchema = z.object({
  paymentsEnabled: flag('Payments').default(false),
  clientCreditPurchaseEnabled: flag('Credit purchases').default(false),
  preChargePercentageFee: decimal('Pre-charge percentage fee', 0, 100).default(0),
  preChargeFlatFeeCents: whole('Pre-charge flat fee', 0, MAX_FLAT_FEE_CENTS).default(0),
  postChargePercentageFee: decimal('Post-charge percentage fee', 0, 100).default(0),
  postChargeFlatFeeCents: whole('Post-charge flat fee', 0, MAX_FLAT_FEE_CENTS).default(0),
  tutorPayoutsConfig: tutorPayoutsConfigSchema,
}).prefault({}).superRefine((p, ctx) => {
  if (p.paymentsEnabled) return;
  if (p.clientCreditPurchaseEnabled) {
    ctx.addIssue({ code: 'custom', path: ['clientCreditPurchaseEnabled'], message: 'Credit purchases need payments to be enabled.' });
  }
  if (p.tutorPayoutsConfig.enabled) {
    ctx.addIssue({ code: 'custom', path: ['tutorPayoutsConfig', 'enabled'], message: 'Tutor payouts need payments to be enabled.' });
  }
});
