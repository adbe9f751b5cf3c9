/**
 * Payments through the card payment provider (spec section 1: "configurable per ecosystem"). Flat
 * fees are whole cents so no amount is ever a float; percentages are 0 to 100. Everything is off
 * by default: an ecosystem takes money only after an admin has set it up on purpose.
 */
import { z } from 'zod';
import { decimal, flag, oneOf, whole } from '../fields';
import { fieldLabels as L } from '../labels';
import { zodMessage as zm } from '../../shared/i18n';
import { ecosystemRules as r } from '../messages';

/** Who pays tutors: the platform (from collected charges) or the ecosystem itself. */
export const PAYOUT_RESPONSIBILITIES = ['PLATFORM', 'ECOSYSTEM'] as const;

const MAX_FLAT_FEE_CENTS = 100_000;

export const tutorPayoutsConfigSchema = z.object({
  enabled: flag(L.tutorPayouts).default(false),
  payoutResponsibility: oneOf(L.payoutResponsibility, PAYOUT_RESPONSIBILITIES).default('ECOSYSTEM'),
  /** Percent of the session charge paid to the tutor. */
  tutorPayoutRate: decimal(L.tutorPayoutRate, 0, 100).default(100),
  setWageEnabled: flag(L.tutorsSettingTheirWage).default(false),
}).prefault({});

export const paymentsConfigSchema = z.object({
  paymentsEnabled: flag(L.payments).default(false),
  clientCreditPurchaseEnabled: flag(L.creditPurchases).default(false),
  preChargePercentageFee: decimal(L.preChargePercentageFee, 0, 100).default(0),
  preChargeFlatFeeCents: whole(L.preChargeFlatFee, 0, MAX_FLAT_FEE_CENTS).default(0),
  postChargePercentageFee: decimal(L.postChargePercentageFee, 0, 100).default(0),
  postChargeFlatFeeCents: whole(L.postChargeFlatFee, 0, MAX_FLAT_FEE_CENTS).default(0),
  tutorPayoutsConfig: tutorPayoutsConfigSchema,
}).prefault({}).superRefine((p, ctx) => {
  if (p.paymentsEnabled) return;
  if (p.clientCreditPurchaseEnabled) {
    ctx.addIssue({ code: 'custom', path: ['clientCreditPurchaseEnabled'], message: zm(r.creditPurchasesNeedPayments) });
  }
  if (p.tutorPayoutsConfig.enabled) {
    ctx.addIssue({ code: 'custom', path: ['tutorPayoutsConfig', 'enabled'], message: zm(r.payoutsNeedPayments) });
  }
});
