export default function Page() { return <div>pricing-page</div>; }
