export default function Page() { return <div>docs-page</div>; }
