/**
 * White-label customer manifests: the public face of this folder (see README.md here).
 * `validateAnyManifest` is what the check CLI and the generator call: a file with `extends`
 * is a customer manifest and goes through the merge; any other file is checked as it is.
 */
import { validateManifest, type ValidateOptions } from '../validate.ts';
import { isCustomerManifest } from './chain.ts';
import { validateCustomerManifest, type CustomerValidationResult } from './validate-customer.ts';

export {
  validateCustomerManifest,
  type CustomerValidationResult,
  type MergedManifest,
} from './validate-customer.ts';
export { extendsAnother, isCustomerManifest } from './chain.ts';
export {
  customerGeneratedDir,
  customerManifestFile,
  customerName,
  customerNames,
  customerOutDir,
  customersDir,
} from './paths.ts';

export function validateAnyManifest(
  file: string,
  options: ValidateOptions = {},
): CustomerValidationResult {
  return isCustomerManifest(file, options.text)
    ? validateCustomerManifest(file, options)
    : validateManifest(file, options);
}
