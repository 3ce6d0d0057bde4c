// The rules live in contracts, zod-free, so the public pages' signup dialog applies the same ones.
export * from '@app/contracts/signup-form';
