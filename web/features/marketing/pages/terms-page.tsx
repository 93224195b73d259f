export default function Page() { return <div>terms-page</div>; }
