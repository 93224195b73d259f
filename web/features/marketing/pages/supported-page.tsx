export default function Page() { return <div>supported-page</div>; }
