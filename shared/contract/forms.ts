// Length limits of the visitor forms (download form, contact form), shared by the contract, the upstream's
// checks and the client's input maxlength attributes.
export const formLimits = {
  name: 50,
  /** Raw input: room for "+86 138 0013 8000" style spacing before normalisation. */
  phone: 20,
  email: 254,
  company: 100,
  position: 50,
  productDemand: 500,
  content: 2000,
} as const;
