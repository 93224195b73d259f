export default function Page() { return <div>case-studies-page</div>; }
