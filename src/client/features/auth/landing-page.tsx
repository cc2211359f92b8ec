import { Link } from 'react-router-dom';

/** What Vigil is, and the way in. */
export default function LandingPage() {
  return (
    <main className="public">
      <div className="public-card" style={{ width: 'min(560px, 100%)', display: 'grid', gap: 14 }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 10 }}>
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <h1 style={{ fontSize: 22 }}>Vigil</h1>
        </div>
        <p style={{ margin: 0, fontSize: 15 }}>
          The investigation console for insider-risk teams. Open a case about one employee and work
          through what their activity logs show: app access, working hours, file movements with
          sensitivity labels, code repositories, external email, devices, PowerShell, incidents on a
          timeline and the MITRE ATT&amp;CK techniques behind them.
        </p>
        <ul className="muted" style={{ margin: 0, paddingLeft: 18 }}>
          <li>
            Everything from the keyboard: press Ctrl K (⌘K) anywhere, and ? for the shortcuts.
          </li>
          <li>Several cases side by side, in tabs and split panes.</li>
          <li>
            Every read of subject data is audited; investigations are visible only to their team.
          </li>
        </ul>
        <div>
          <Link className="button primary" to="/auth">
            Sign in
          </Link>
        </div>
      </div>
    </main>
  );
}
