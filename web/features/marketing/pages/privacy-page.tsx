export default function Page() { return <div>privacy-page</div>; }
