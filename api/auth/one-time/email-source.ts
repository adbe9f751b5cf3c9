/** What User.email resolves to: the address and its state, and whose it is (for the pending address). */
export interface UserEmailSource {
  address: string;
  verified: boolean;
  userId: string;
}
