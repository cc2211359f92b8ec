import { usePrivacyStatus } from '../../api/privacy/privacy-status';
import './privacy.css';

/** Said on every screen while an admin has switched pseudonymization off for the installation. */
export function PseudonymizationBanner() {
  const status = usePrivacyStatus();
  if (status.data?.pseudonymize !== false) return null;
  return (
    <div className="privacy-banner" role="status">
      Pseudonymization is off: people show by name.
    </div>
  );
}
